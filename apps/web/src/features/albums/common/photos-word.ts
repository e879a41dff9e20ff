/** '1 photo', '3 photos'. */
export const photosWord = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);
