// Public order references: short enough to read out on the phone, random
// enough (40 bits) that nobody can walk from one order to the next.
import { randomInt } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"; // no 0/O, 1/I

export function newOrderReference(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `PT-${s.slice(0, 4)}-${s.slice(4)}`;
}
