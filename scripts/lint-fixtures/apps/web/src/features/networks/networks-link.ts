// Breaks the console wall: a feature imports a route (routes import pages, never the other way round).
import { networksPath } from '@/routes/networks.ts';

export const networksLink = () => networksPath;
