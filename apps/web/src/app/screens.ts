/**
 * The screens that are chunks of their own, by route path, as files under src/features. routes.tsx loads each
 * when its route matches; the build lists each one's chunks in index.html (member-preloads-plugin.ts), so that a
 * member's browser fetches the screen with the boot (first-requests.ts) instead of after it. Plain data: the build
 * reads it too.
 */
export const screenFiles = {
  '/': 'home/HomePage.tsx',
  '/create-account': 'account/CreateAccountPage.tsx',
  '/forgot-password': 'account/ForgotPasswordPage.tsx',
  '/reset-password/:passwordResetId': 'account/ResetPasswordPage.tsx',
  '/verify-email/:token': 'account/VerifyEmailPage.tsx',
  '/profile': 'profile/ProfilePage.tsx',
  '/settings': 'settings/SettingsPage.tsx',
  '/files': 'files/FilesPage.tsx',
  '/trash': 'trash/TrashPage.tsx',
  '/admin/user-search': 'admin/UserSearchPage.tsx',
  '/albums': 'albums/AlbumListPage.tsx',
  '/albums/:photoAlbumId': 'albums/AlbumPage.tsx',
  '/albums/:photoAlbumId/:imageId': 'albums/ImagePage.tsx',
  '/add-to-album': 'albums/AddToAlbumPage.tsx',
} as const;

export type ScreenPath = keyof typeof screenFiles;
