// The knife add-on's age check (SPEC §5, §6): its two messages, shared by box checkout's schema and
// "Change what comes next", which ask the same two questions (fields in components/knife-check-fields.tsx).
export const KNIFE_ADULT = "You must be an adult to order a knife.";
export const KNIFE_DISCLAIMER = "You must agree to the knife safety disclaimer.";
