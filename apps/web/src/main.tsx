import { scheduleSplashLift } from './lib/splash.ts';

/**
 * The entry stays tiny: index.html paints the splash with no script or stylesheet in the way, and the app
 * (React, Mantine and its CSS) arrives as a lazy chunk, so its stylesheet is injected by script instead of
 * blocking the first paint from the document head.
 */
const appReady = import('./boot.tsx').then((module) => module.boot());
scheduleSplashLift(appReady);
