/** Every kind of e-mail a member can turn off, with the description the settings screen shows. */
export const notificationTypes = {
  album_shared: 'Someone shared a photo album with you',
  comment_on_my_photo: 'Someone commented on a photo in one of your albums',
  comment_after_mine: 'Someone else commented on a photo you commented on',
  album_photos_added: 'New photos in an album shared with you',
} as const;

export type NotificationType = keyof typeof notificationTypes;

/** Own keys only: `constructor`, `toString` and the like are not notification types. */
export const isNotificationType = (t: string): t is NotificationType => Object.hasOwn(notificationTypes, t);
