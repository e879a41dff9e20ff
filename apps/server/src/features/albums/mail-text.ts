/** Names typed by users, folded to one line so they sit safely in a mail subject. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** How a person is named in a notice: their display name, else their address. */
export const nameOf = (user: { displayName: string; email: string }) =>
  oneLine(user.displayName) || user.email;
