// Lets the Ranklab frames of this page take the height they report, so a
// calculator shows whole, without a scroll bar of its own. The Embed dialog
// gives the same lines to paste into any documentation page.
addEventListener('message', function (e) {
  if (e.origin !== location.origin || !e.data || e.data.ranklab !== 'height') return;
  document.querySelectorAll('iframe').forEach(function (f) {
    if (f.contentWindow === e.source) f.style.height = e.data.height + 'px';
  });
});
