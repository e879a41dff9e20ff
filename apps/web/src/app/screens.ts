import { contract } from '@site/contract';

/** The cookie that tells a member's browser (the build writes it into index.html beside the screens' preloads). */
export { memberCookieName } from '@site/contract';

/**
 * The screens that are chunks of their own, by route path, as files under src/features. routes.tsx loads each
 * when its route matches; the build lists each one's chunks with its first reads in index.html
 * (member-preloads-plugin.ts), which a member's browser fetches at the start of the boot instead of after it
 * (screen-preloads.ts). Plain data: the build reads it.
 */
export const screenFiles = {
  '/': 'home/HomePage.tsx',
  '/create-account': 'account/CreateAccountPage.tsx',
  '/forgot-password': 'account/ForgotPasswordPage.tsx',
  '/reset-password/:passwordResetId': 'account/ResetPasswordPage.tsx',
  '/verify-email/:token': 'account/VerifyEmailPage.tsx',
  '/invitation/:token': 'account/SignInLinkPage.tsx',
  '/sign-in/:token': 'account/SignInLinkPage.tsx',
  '/profile': 'profile/ProfilePage.tsx',
  '/email-change/:token': 'profile/ConfirmEmailChangePage.tsx',
  '/settings': 'settings/SettingsPage.tsx',
  '/files': 'files/FilesPage.tsx',
  '/trash': 'trash/TrashPage.tsx',
  '/admin/user-search': 'admin/UserSearchPage.tsx',
  '/albums': 'albums/list/AlbumListPage.tsx',
  '/albums/:photoAlbumId': 'albums/album/AlbumPage.tsx',
  '/albums/:photoAlbumId/:imageId': 'albums/viewer/ImagePage.tsx',
  '/add-to-album': 'albums/upload/AddToAlbumPage.tsx',
} as const;

export type ScreenPath = keyof typeof screenFiles;

/** What each screen reads first beyond who is logged in (the album list's route prefetches it, routes.tsx). */
const screenReads: Partial<Record<ScreenPath, string[]>> = {
  '/albums': [contract.albums.list.path],
};

/** The API reads a screen starts with: GET /api/me, which every screen asks, then its own. */
export const firstReads = (path: ScreenPath): string[] => [
  contract.account.me.path,
  ...(screenReads[path] ?? []),
];
