/**
 * Hands bytes the console fetched to the browser as a download, named `name`: through a link to
 * an object URL, clicked once, then let go.
 */
/* global document, URL, setTimeout */
export function saveFile(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once may cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
