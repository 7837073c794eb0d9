"""The embed (embed.html): only the board and the replay controls, for course pages.

Everything comes from the fragment (kalah/library/links.py: game, ply, autoplay,
speed, controls, theme, orientation). The embed writes nothing to storage
and offers instead a link opening the game, at the move shown, on the
site's replay page in a new tab (#open-tab), where the reader can keep it. It
tells its host page by postMessage its height (for hosts that size the
frame by script; the embed code's declared height already fits, see
kalah/web/common/embed_code.py) and the position shown after every step (the same
text as the board's data-position, docs/formats.md):

    {"type": "kalah-embed-height", "height": 372}
    {"type": "kalah-embed-position", "position": "kalah(6,4)/4,4,0,5,...,0/S", "ply": 1}
"""

from pyscript import document, window

from kalah.errors import KalahError
from kalah.i18n import N_, _, translated
from kalah.library.links import parse_fragment, share_fragment
from kalah.web.common.dom import by_id, el, page_ready, show_message
from kalah.web.replay.viewer import ReplayViewer

HEIGHT_MESSAGE = "kalah-embed-height"
POSITION_MESSAGE = "kalah-embed-position"
_post_position = None


def post_position(position, ply):
    """Tell the host page the position shown (a plain object, made in JS)."""
    global _post_position
    if _post_position is None:
        _post_position = window.Function.new(
            "position", "ply",
            "if (window.parent !== window) window.parent.postMessage("
            "{type: '%s', position: position, ply: ply}, '*');" % POSITION_MESSAGE)
    _post_position(position, ply)

# Posts the body's height now and whenever it changes (ResizeObserver), from JS
# so that the message is a plain object the host can read.
_POST_HEIGHT = """
var post = function () {
  var height = Math.ceil(document.body.getBoundingClientRect().height);
  if (window.parent !== window) window.parent.postMessage({type: "%s", height: height}, "*");
};
post();
if (window.ResizeObserver) new ResizeObserver(post).observe(document.body);
""" % HEIGHT_MESSAGE


def force_theme(theme):
    """Use the site's light or dark colours whatever the host's preference.

    The colours stay in site.css alone: the chosen block (the plain :root
    rule, or the one inside the prefers-color-scheme: dark query) is copied
    under a more specific selector.
    """
    if theme not in ("light", "dark"):
        return
    text = None
    sheets = document.styleSheets
    for s in range(sheets.length):
        rules = sheets.item(s).cssRules
        for r in range(rules.length):
            rule = rules.item(r)
            # A JS property a rule lacks is an AttributeError under MicroPython.
            condition = str(getattr(rule, "conditionText", None) or "")
            if theme == "dark" and "prefers-color-scheme: dark" in condition:
                for i in range(rule.cssRules.length):
                    inner = rule.cssRules.item(i)
                    if str(getattr(inner, "selectorText", "")) == ":root":
                        text = str(inner.style.cssText)
            elif theme == "light" and str(getattr(rule, "selectorText", "")) == ":root" and text is None:
                text = str(rule.style.cssText)
    if text is None:
        return
    document.head.appendChild(el("style", ":root.forced-theme { %s color-scheme: %s; }" % (text, theme)))
    document.documentElement.classList.add("forced-theme")


def main():
    body = document.body
    message = by_id("message")
    try:
        link = parse_fragment(str(window.location.hash))
        if link.local_id is not None or link.is_correspondence:
            raise KalahError(N_("an embed shows a shared game (g=...), not a game of this browser or a game by link"))
    except KalahError as error:
        by_id("status").textContent = _("This game cannot be shown.")
        show_message(message, _("This embed cannot show its game: %(why)s.") % {"why": translated(error)}, problem=True)
        by_id("viewer").hidden = True
        page_ready(loaded=False)
        window.Function.new(_POST_HEIGHT)()
        return
    force_theme(link.theme)
    open_tab = by_id("open-tab")
    if not link.controls:
        body.classList.add("no-controls")

    def shown(ply):
        post_position(viewer.positions[ply], ply)
        # The link opens the move shown, not the one the embed opened at.
        open_tab.href = "./replay.html#" + share_fragment(viewer.record, ply, viewer.orientation)
    viewer = ReplayViewer(by_id("viewer"), on_ply=shown)
    viewer.set_speed(link.speed)
    viewer.load(link.record, link.ply, link.orientation)
    if link.autoplay:
        viewer.play()
    page_ready()
    window.Function.new(_POST_HEIGHT)()
