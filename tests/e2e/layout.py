"""Layout checks for the table: the board and the choices in sight together, nothing covered.

``composition_problems(page)`` is called at decisions during the end-to-end games and
returns what is wrong (an empty list: the table is composed as it should be):

* on a laptop-sized window (wider than 760 px), the whole board is in the window and
  not cut off (its area needs no scrolling), and the choices are wholly in sight too;
* on a phone, the current player's money or points and the choices band are in sight;
* nothing in a player's card in the strip is drawn over another part of it;
* on any size, every control of the board and of the choices is on top where it is
  drawn: a click at its centre reaches it (after scrolling it into view on a phone).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

PROBE_JS = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const rect = (el) => el.getBoundingClientRect();
  const inWindow = (r) => r.left >= -1 && r.top >= -1 && r.right <= vw + 1 && r.bottom <= vh + 1;
  const board = document.querySelector('main.table .board-area');
  const side = document.querySelector('main.table .side');
  const bar = document.querySelector('main.table .action-bar');
  if (!board || !bar) return ['no table on screen'];
  const phone = vw <= 760;
  if (!phone) {
    if (!inWindow(rect(board))) out.push('the board area reaches out of the window');
    if (board.scrollHeight > board.clientHeight + 2 || board.scrollWidth > board.clientWidth + 2)
      out.push(`the board is cut off (${board.scrollWidth}x${board.scrollHeight} in ` +
               `${board.clientWidth}x${board.clientHeight})`);
    const b = rect(bar), s = rect(side);
    if (!inWindow(b)) out.push('the choices reach out of the window');
    if (b.top < s.top - 1 || b.bottom > s.bottom + 1) out.push('the choices need scrolling');
  } else {
    const score = document.querySelector('.player.active .score');
    if (score && !inWindow(rect(score))) out.push("the current player's score is out of sight");
    if (rect(side).top >= vh) out.push('the choices are out of sight');
  }
  // Nothing in a player's card is drawn over anything else in it (name, money, extras).
  for (const card of document.querySelectorAll('main.table .player')) {
    const parts = [...card.children].map((el) => [el, rect(el)])
      .filter(([, r]) => r.width > 0 && r.height > 0);
    for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
      const [a, ra] = parts[i], [b, rb] = parts[j];
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 2 && h > 2) out.push(`in ${card.dataset.testid}, .${a.className || a.tagName} ` +
                                   `overlaps .${b.className || b.tagName}`);
    }
  }
  const controls = [...document.querySelectorAll(
    'main.table .board-area [data-act], main.table .action-bar button, ' +
    'main.table .action-bar [data-act]')];
  for (const el of controls) {
    if (el.disabled || el.closest('[inert]')) continue;
    if (phone) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = rect(el);
    if (r.width === 0 || r.height === 0) continue;  // not drawn (e.g. a hidden variant)
    const x = Math.min(Math.max(r.left + r.width / 2, 0), vw - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), vh - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || (hit !== el && !el.contains(hit))) {
      const label = el.getAttribute('data-testid') || el.textContent.trim().slice(0, 30);
      const over = hit ? (hit.getAttribute('class') || hit.tagName) : 'nothing';
      out.push(`control "${label}" is covered by ${over}`);
    }
  }
  return out;
}"""


def composition_problems(page: Page) -> list[str]:
    """What keeps the table from showing the board and the choices together (see above)."""
    problems: list[Any] = page.evaluate(PROBE_JS)
    shots = os.environ.get("PADDOCK_FAILURE_SHOTS")  # a folder: see what went wrong
    if problems and shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / f"composition-{time.monotonic_ns()}.png"))
    return [str(p) for p in problems]


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def serious_accessibility_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now.

    axe-core (npm, pinned in package-lock.json) is evaluated through the test driver:
    the site's CSP rightly refuses injected scripts.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ['violations'] });
            return result.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => ({ id: v.id, help: v.help,
                             nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
        }"""
    )
    return [f"{v['id']}: {v['help']} at {v['nodes']}" for v in found]
