import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '@site/contract';
import { Menu, MenuItem, MenuSeparator } from '../ui/Menu.tsx';
import { demos, games } from '../shared/catalog.ts';
import styles from './frame.module.css';
import { useLogOut } from '../features/account/api/log-out.ts';

type Group = 'games' | 'demos';

/** The account drop-down: member screens when logged in, account screens when not; games and demos either way. */
export function AccountMenu({ user }: { user: User | null }) {
  const navigate = useNavigate();
  const logOut = useLogOut();
  const [open, setOpen] = useState<Group | null>(null);
  const go = (path: string) => () => void navigate(path);

  const group = (
    name: Group,
    title: string,
    items: readonly { slug: string; title: string }[],
    base: string,
  ) => (
    <>
      <MenuItem
        className="menu-item"
        aria-expanded={open === name}
        onSelect={(e) => {
          e.preventDefault();
          setOpen(open === name ? null : name);
        }}
      >
        <span className={styles.caret} aria-hidden="true">
          {open === name ? '▾' : '▸'}
        </span>
        {title}
      </MenuItem>
      {open === name &&
        items.map((item) => (
          <MenuItem
            key={item.slug}
            className="menu-item menu-item-nested"
            onSelect={go(`${base}/${item.slug}`)}
          >
            {item.title}
          </MenuItem>
        ))}
    </>
  );

  const permissions = user?.permissions ?? [];
  return (
    <div className={styles.account}>
      {user && <span className={styles.email}>{user.emailAddress}</span>}
      <Menu
        label="Account menu"
        trigger={
          <button type="button" className={`btn ${styles.menuButton}`}>
            <span aria-hidden="true">☰</span>
            <span className={styles.menuWord}>Menu</span>
          </button>
        }
      >
        {user ? (
          <>
            <MenuItem className="menu-item" onSelect={go('/profile')}>
              Profile
            </MenuItem>
            <MenuItem className="menu-item" onSelect={go('/settings')}>
              Settings
            </MenuItem>
            {permissions.includes('files') && (
              <MenuItem className="menu-item" onSelect={go('/files')}>
                Files
              </MenuItem>
            )}
            {permissions.includes('admin') && (
              <MenuItem className="menu-item" onSelect={go('/admin/user-search')}>
                Admin
              </MenuItem>
            )}
            <MenuItem className="menu-item" onSelect={go('/albums')}>
              Photo Albums
            </MenuItem>
            <MenuItem className="menu-item" onSelect={go('/trash')}>
              Trash
            </MenuItem>
            <MenuSeparator />
            {group('games', 'Games', games, '/games')}
            {group('demos', 'Demos', demos, '/demos')}
            <MenuSeparator />
            <MenuItem
              className="menu-item"
              onSelect={() => logOut.mutate(undefined, { onSuccess: () => void navigate('/') })}
            >
              Log out
            </MenuItem>
          </>
        ) : (
          <>
            {group('games', 'Games', games, '/games')}
            {group('demos', 'Demos', demos, '/demos')}
            <MenuSeparator />
            <MenuItem className="menu-item" onSelect={go('/login')}>
              Log in
            </MenuItem>
            <MenuItem className="menu-item" onSelect={go('/create-account')}>
              Create Account
            </MenuItem>
          </>
        )}
      </Menu>
    </div>
  );
}
