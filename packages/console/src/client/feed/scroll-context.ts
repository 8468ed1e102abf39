// The client's one scrolling element (its <main>), which virtualized lists measure against.
import { createContext, useContext } from 'react';

export const ScrollContext = createContext<HTMLElement | null>(null);
export const useScrollElement = () => useContext(ScrollContext);
