import { first } from './first.ts';

export const second = () => 1;
export const both = () => first() + second();
