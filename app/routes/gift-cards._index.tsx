// /gift-cards shows the Give tab (its form posts to /gift-cards/give).
export { default, loader, meta } from "./gift-cards.give";
