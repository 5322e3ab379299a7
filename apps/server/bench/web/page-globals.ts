/**
 * The browser globals the in-page callbacks of the benchmark use. Typed here instead of adding the DOM library
 * to the server's TypeScript program, where it would change the types of Node's own web streams.
 */
interface PageElement {
  scrollTop: number;
  scrollTo(options: { top: number }): void;
  closest(selector: string): PageElement | null;
}

export interface PageBench {
  firstRowAt?: number;
  usableAt?: number;
  keyAt?: number;
  frames: number[];
  isRecording: boolean;
  longTasks: { start: number; duration: number }[];
}

export interface PageGlobals {
  __bench: PageBench;
  __waitForRows(check: (rows: string[]) => boolean): Promise<number>;
  document: {
    querySelector(selector: string): PageElement | null;
    addEventListener(type: string, listener: (event: { timeStamp: number }) => void, options: object): void;
  };
  requestAnimationFrame(callback: () => void): number;
  performance: {
    getEntriesByType(type: string): { name: string; startTime: number; responseEnd?: number }[];
  };
}
