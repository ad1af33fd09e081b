import FoundationEssentials

/// The page's style sheet, served as /app.css: one column that fits a 390 px phone, light and dark from the
/// system's setting, tick targets of at least 44 px, and a paper view (`?print` and the browser's print).
enum PageStyle {
    static let css = #"""
        :root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1b1b; --muted: #595959; --line: #dddddd;
          --accent: #0b5cad; --done: #2e7d32; --warn-bg: #fff4e5; --warn-fg: #663c00; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #121212; --fg: #ececec; --muted: #a8a8a8; --line: #333333; --accent: #7ab8ff; --done: #81c784;
            --warn-bg: #3a2a10; --warn-fg: #ffd8a8; }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--fg); overflow-wrap: anywhere;
          font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
        main { max-width: 40rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
        h1 { font-size: 1.45rem; line-height: 1.2; margin: 0 0 .25rem; }
        h2 { font-size: .85rem; margin: 1.5rem 0 .25rem; color: var(--muted); text-transform: uppercase; letter-spacing: .06em; }
        ul { list-style: none; margin: 0; padding: 0; }
        .dates, .stops { margin: 0; color: var(--muted); }
        .stops li .when { white-space: nowrap; }
        #progress { font-weight: 600; margin: .9rem 0 .3rem; }
        #bar { width: 100%; height: .5rem; accent-color: var(--done); }
        .note, #notice, .link { margin: .6rem 0 0; padding: .5rem .75rem; border-radius: .4rem;
          background: var(--warn-bg); color: var(--warn-fg); }
        [hidden] { display: none !important; }
        .weather li { padding: .15rem 0; font-size: .9rem; color: var(--muted); }
        .weather li.stop { color: var(--fg); font-weight: 600; padding-top: .5rem; }
        .item label { display: flex; gap: .8rem; align-items: flex-start; min-height: 48px; padding: .65rem 0;
          border-bottom: 1px solid var(--line); cursor: pointer; }
        .item input { flex: none; width: 28px; height: 28px; margin: .05rem 0 0; accent-color: var(--done); }
        .item .text { flex: 1; min-width: 0; }
        .name { font-weight: 600; }
        .qty, .own { color: var(--muted); }
        .own { font-size: .8rem; border: 1px solid var(--line); border-radius: .3rem; padding: 0 .3rem; }
        .part { color: var(--accent); font-size: .85rem; font-weight: 600; }
        .reason { display: block; color: var(--muted); font-size: .875rem; }
        .item.packed .name { text-decoration: line-through; color: var(--muted); }
        .item.sending .name::after { content: " · waiting to send"; font-weight: 400; font-size: .8rem; color: var(--accent); }
        body.print #bar, body.print #notice, body.print .link { display: none; }
        body.print .item { display: flex; gap: .6rem; align-items: flex-start; padding: .3rem 0;
          border-bottom: 1px solid var(--line); break-inside: avoid; }
        body.print .box { flex: none; font-size: 1.3rem; line-height: 1.1; }
        @media print {
          :root { --bg: #fff; --fg: #000; --muted: #333; --line: #bbb; }
          #notice, .link, #bar { display: none; }
          .item label { min-height: 0; padding: .2rem 0; break-inside: avoid; }
          .item input { width: 1rem; height: 1rem; }
        }
        """#
}
