// Activation codes: 16 symbols of a 32-symbol alphabet without look-alikes,
// drawn from the operating system's CSPRNG (80 bits), stored normalised.
import { randomInt } from "node:crypto";
import { CODE_ALPHABET, CODE_LENGTH } from "./rules";

export function newGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
