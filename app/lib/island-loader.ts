/**
 * The one inline script a page sent without React carries (ADR 0029): once the page has
 * loaded and painted, it imports the islands named in `<body data-islands>`. A `<script src>`
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
  // After the frame that follows: it paints the pictures `load` waited for.
  "const later=()=>requestAnimationFrame(()=>setTimeout(run));" +
  // A phone can reach `load` before its first paint: then wait for that paint too. The
  // observer is `buffered`, so a paint that came before `load` is delivered at once; asking
  // `performance.getEntriesByName` instead is not enough where `performance` is replaced
  // (a fake clock answers it with nothing, and the islands never started).
  'const fcp="first-contentful-paint";' +
  'const painted=()=>PerformanceObserver.supportedEntryTypes?.includes("paint")' +
  '?new PerformanceObserver((list,o)=>{if(list.getEntriesByName(fcp).length){o.disconnect();later()}}).observe({type:"paint",buffered:true}):later();' +
  'document.readyState==="complete"?painted():addEventListener("load",painted,{once:true})';
