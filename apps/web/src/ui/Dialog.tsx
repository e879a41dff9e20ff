import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { focusTrail, returnFocus } from './focus-return.ts';

/**
 * A modal dialog (focus trapped, Escape closes, labelled by its title). Closed, it gives focus back where it was
 * when it opened (the button that opened a menu, for a dialog opened from one), or to what followed that place
 * if the step removed it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const [wasOpen, setWasOpen] = useState(false);
  const [trail, setTrail] = useState<HTMLElement[]>([]);
  // Read as it opens, before the menu that opened it closes and the dialog takes focus.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTrail(focusTrail());
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          onCloseAutoFocus={(e) => {
            if (returnFocus(trail)) e.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="muted">{description}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
