/**
 * The one inline script a page sent without React carries (ADR 0029): after the page's
 * `load` event it imports the islands named in `<body data-islands>`. A `<script src>`
 * would be fetched as soon as the document arrives, competing with the picture or text
 * the phone is about to paint; the islands only enhance what is already there (a share
 * sheet, carousel buttons), so they can wait.
 *
 * The text never changes, so the Content-Security-Policy allows it by its hash
 * (http-security.server.ts), a page holding it can still be cached with no nonce
 * (page-cache.server.ts), and nothing a request carries can reach it.
 */
export const ISLAND_LOADER =
  'const run=()=>{for(const src of document.body.dataset.islands.split(" "))import(src)};' +
  'document.readyState==="complete"?run():addEventListener("load",run,{once:true})';
