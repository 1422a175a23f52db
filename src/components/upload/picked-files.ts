// The files a person chose in a file input, as the upload machine's PickedFile: one file, or several photos of one
// document sent together (the first named, the rest in `more`: docs/decisions/054-photos-are-documents.md).
import { useSyncExternalStore } from 'react';
import type { PickedFile } from '#machines/upload/upload.types';

export function pickedFrom(list: FileList | null): PickedFile | null {
  const [first, ...rest] = Array.from(list ?? []);
  if (!first) return null;
  const size = [first, ...rest].reduce((sum, file) => sum + file.size, 0);
  return {
    name: first.name,
    size,
    type: first.type,
    body: first,
    ...(rest.length > 0 ? { more: rest.map((file) => ({ name: file.name, type: file.type, body: file })) } : {}),
  };
}

const COARSE_POINTER = '(pointer: coarse)';
const subscribe = (changed: () => void) => {
  const query = window.matchMedia(COARSE_POINTER);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** Whether the main pointer is a finger (a phone or a tablet): where a "take a photo" button opens the camera. */
export const useTouchScreen = (): boolean =>
  useSyncExternalStore(subscribe, () => window.matchMedia(COARSE_POINTER).matches, () => false);
