// Whether the layout is being drawn at build time as the frame of the signed-in screens (scripts/prerender.ts,
// docs/decisions/067-the-frame-before-the-app.md): the header keeps the room of its links but shows none, since the
// frame cannot know who will be signed in.
import { createContext, useContext } from 'react';

export const DrawnFrame = createContext(false);

export const useIsDrawnFrame = (): boolean => useContext(DrawnFrame);
