import { describe, expect, it } from 'vitest';
import { onRoute } from './first-requests.ts';
import { screenFiles } from './screens.ts';

describe('onRoute', () => {
  it('matches a path to the screen route the router would pick, parameters standing for one segment', () => {
    const routeOf = (path: string) => Object.keys(screenFiles).filter((pattern) => onRoute(pattern, path));
    expect(routeOf('/')).toEqual(['/']);
    expect(routeOf('/albums')).toEqual(['/albums']);
    expect(routeOf('/albums/')).toEqual(['/albums']);
    expect(routeOf('/albums/a1')).toEqual(['/albums/:photoAlbumId']);
    expect(routeOf('/albums/a1/i2')).toEqual(['/albums/:photoAlbumId/:imageId']);
    expect(routeOf('/verify-email/t0k3n')).toEqual(['/verify-email/:token']);
    expect(routeOf('/albums//i2')).toEqual([]);
    expect(routeOf('/games/reversi')).toEqual([]);
    expect(routeOf('/albums/a1/i2/x')).toEqual([]);
  });
});
