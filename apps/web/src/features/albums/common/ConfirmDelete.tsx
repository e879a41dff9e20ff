import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';

/**
 * The delete confirmation for a photo album or an image (spec: a title such as 'DELETE photo album', 'Are you
 * Sure?', Delete or Cancel), with a line saying it goes to the Trash.
 */
export function ConfirmDelete({
  what,
  ...rest
}: {
  open: boolean;
  onClose: () => void;
  /** 'photo album' or 'image'. */
  what: string;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      {...rest}
      title={`DELETE ${what}`}
      description="Are you Sure?"
      confirmLabel="Delete"
      action={`delete the ${what}`}
    >
      <p className="muted">It goes to the Trash (in the account menu), where you can restore it.</p>
    </ConfirmDialog>
  );
}
