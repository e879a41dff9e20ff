import type { TrashItem } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { itemLabel, kindWord, placeText, sizeText } from './describe.ts';

const item = (over: Partial<TrashItem>): TrashItem => ({
  kind: 'node',
  id: '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69',
  name: 'a.txt',
  isDirectory: false,
  place: '',
  size: 1200,
  thumbnailUrl: null,
  trashedAt: '2026-11-23T09:00:00.000Z',
  purgeAt: '2026-12-23T09:00:00.000Z',
  ...over,
});

describe('how the Trash screen words an item', () => {
  it('names the folder path a file came from, or Files for the top level', () => {
    expect(placeText(item({ place: 'docs/2024' }))).toBe('Files › docs/2024');
    expect(placeText(item({ place: '' }))).toBe('Files');
  });

  it('names the album a photo came from, and Photo Albums for an album', () => {
    expect(placeText(item({ kind: 'photo', name: 'IMG_0042.jpg', place: 'Summer', size: null }))).toBe(
      'Album “Summer”',
    );
    expect(placeText(item({ kind: 'album', name: 'Summer', size: null }))).toBe('Photo Albums');
  });

  it('tells folders from files, shows sizes it knows and none it does not', () => {
    expect(kindWord(item({ isDirectory: true }))).toBe('Folder');
    expect(sizeText(item({}))).toBe('1.2 KB');
    expect(sizeText(item({ kind: 'album', size: 3_500_000 }))).toBe('3.5 MB');
    expect(sizeText(item({ kind: 'album', size: null }))).toBe('');
    expect(itemLabel(item({ kind: 'photo', place: 'Summer' }))).toBe('photo from “Summer”');
    expect(itemLabel(item({ isDirectory: true, name: 'docs' }))).toBe('folder “docs”');
  });
});
