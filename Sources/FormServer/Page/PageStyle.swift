import FormKit

/// The page's stylesheet (`GET /app.css`), kept in the binary: the form
/// beside its minimap as in seed 002's picture (rounded field containers,
/// the minimap area on the left), a tab bar of the pages above, and a
/// visible focus ring for keyboard use. The colours are `MinimapPalette`'s.
enum PageStyle {
    static let text = """
    :root {
      color-scheme: light;
    \(MinimapPalette.cssProperties)
      --background: #f2f2f7;
      --card: #ffffff;
      --field: #f2f2f2;
      --text: #1c1c1e;
      --muted: #636366;
      --line: #d1d1d6;
      --accent: #007aff;
      font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
      line-height: 1.4;
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--background); color: var(--text); }
    .screen { max-width: 1080px; margin: 0 auto; padding: 24px; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }

    /* The tab bar (seeds 000 and 001): the page's tabs, then More. */
    .tabbar > ul { list-style: none; display: flex; flex-wrap: wrap; gap: 4px; width: fit-content;
      margin: 0 0 20px; padding: 4px; background: #e5e5ea; border-radius: 12px; }
    .tabbar a, .tabbar summary { display: block; padding: 7px 16px; border-radius: 9px; color: var(--text);
      text-decoration: none; font-weight: 500; cursor: pointer; white-space: nowrap; }
    .tabbar a:hover, .tabbar summary:hover { background: rgba(255, 255, 255, 0.6); }
    .tabbar > ul > li > a[aria-current="page"], .tabbar details.current > summary {
      background: var(--card); color: var(--accent); box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15); }
    .tabbar .more { position: relative; }
    .tabbar summary { list-style: none; }
    .tabbar summary::-webkit-details-marker { display: none; }
    .tabbar summary::after { content: " \\25BE"; }
    .more-list { position: absolute; z-index: 10; top: calc(100% + 6px); left: 0; min-width: 200px;
      list-style: none; margin: 0; padding: 6px; background: var(--card); border-radius: 12px;
      box-shadow: 0 10px 30px rgba(0, 0, 0, 0.18); }
    .more-list a[aria-current="page"] { color: var(--accent); font-weight: 600; }

    /* The minimap beside the form (seed 002). */
    .layout { display: flex; gap: 28px; align-items: flex-start; }
    .minimap-area { flex: none; position: sticky; top: 24px; padding: 10px; background: var(--card);
      border-radius: 16px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08), 0 8px 24px rgba(0, 0, 0, 0.06); }
    .minimap { display: block; border-radius: 8px; }
    .minimap-area::after { content: "Minimap"; display: block; margin-top: 6px; text-align: center;
      font-size: 0.75rem; color: var(--muted); }
    .minimap rect[data-key] { transition: fill 0.12s ease-out; }

    /* The form. */
    .form { flex: 1; min-width: 0; padding: 24px 28px; background: var(--card); border-radius: 18px;
      box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08), 0 8px 24px rgba(0, 0, 0, 0.06); }
    h1 { margin: 0 0 18px; padding-bottom: 12px; border-bottom: 1px solid var(--line); font-size: 1.9rem;
      overflow-wrap: anywhere; min-height: 1.4em; }
    .row { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 12px; }
    .field { flex: 1 1 150px; min-width: 0; padding: 12px 15px; background: var(--field); border-radius: 15px;
      border-inline-start: 5px solid var(--color-gray); }
    .field[hidden] { display: none; }
    .field label { display: block; margin-bottom: 6px; font-size: 0.9rem; font-weight: 600; }
    .field input { width: 100%; padding: 8px 10px; font: inherit; color: inherit; background: #ffffff;
      border: 1px solid #c7c7cc; border-radius: 8px; }
    .field input:focus { border-color: var(--accent); outline: 3px solid rgba(0, 122, 255, 0.3); outline-offset: 0; }
    .field input[aria-invalid="true"] { border-color: #d70015; }
    .status { margin: 6px 0 0; font-size: 0.82rem; color: var(--muted); }
    .marker { display: inline-block; width: 10px; height: 10px; margin-inline-end: 6px; border-radius: 50%;
      vertical-align: -1px; background: var(--color-gray); }
    .state { font-weight: 600; }
    .reason:not(:empty)::before { content: " \\00B7  "; }
    .empty-page { color: var(--muted); }
    \(colourRules)

    /* Submit, and what it did. */
    .actions { display: flex; gap: 10px; margin-top: 20px; }
    button { padding: 10px 22px; font: inherit; font-weight: 600; border: none; border-radius: 10px; cursor: pointer; }
    button.primary { background: var(--accent); color: #ffffff; }
    button.secondary { background: #e5e5ea; color: var(--text); }
    button:disabled { opacity: 0.6; cursor: progress; }
    .js .save { display: none; }
    .outcome:not(:empty) { margin-top: 16px; padding: 12px 16px; border-radius: 12px; background: #eef3fd; }
    .outcome[data-outcome="ok"] { background: #e4f8e9; }
    .outcome[data-outcome="error"] { background: #fdeceb; }
    .outcome p { margin: 0; }
    .problems { margin: 8px 0 0; padding-left: 20px; }
    .problems a { color: #c41e14; font-weight: 600; }
    .error-page h1 { border: none; }

    @media (max-width: 720px) {
      .layout { flex-direction: column; }
      .minimap-area { position: static; }
    }

    """

    /// Each colour's marker and field edge.
    private static var colourRules: String {
        FieldColor.allCases.map { color in
            let name = color.rawValue
            return ".field[data-color=\"\(name)\"] { border-inline-start-color: var(--color-\(name)); }\n"
                + ".field[data-color=\"\(name)\"] .marker { background: var(--color-\(name)); }"
        }.joined(separator: "\n")
    }
}
