import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

/**
 * A drop-down menu (arrow keys, typeahead, Escape and outside clicks close it). Open, it sits at the end of the
 * page's main landmark, where assistive technology finds it with the content, rather than outside every landmark.
 */
export function Menu({
  trigger,
  children,
  label,
}: {
  trigger: ReactNode;
  children: ReactNode;
  label: string;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={mainLandmark()}>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6} collisionPadding={8}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const mainLandmark = () => (typeof document === 'undefined' ? undefined : document.getElementById('main'));

export const MenuItem = DropdownMenu.Item;
export const MenuSeparator = () => <DropdownMenu.Separator className="menu-separator" />;
