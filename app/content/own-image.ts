// Which image paths content may show (issue 37): our own files under /images/, never another site,
// a data: URL nor a path that climbs out. Shared by the sanitiser and the back office's forms.
const OWN_IMAGE = /^\/images\/[\w./-]{1,200}$/;

export function isOwnImage(src: string): boolean {
  return OWN_IMAGE.test(src) && !src.includes("..") && !src.includes("//");
}
