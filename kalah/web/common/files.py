"""Files and the clipboard for the history and replay pages: download a text, copy a text.

Neither may raise into the page: a refused clipboard (an insecure page, no
permission) stays quiet, since the pages also show the text to copy by hand.
"""

from pyscript import document, window
from pyscript.ffi import to_js

from kalah.web.common.dom import el


def download(text, mime, filename):
    blob = window.Blob.new(to_js([text]), to_js({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = el("a", attrs={"href": url, "download": filename})
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)


_clipboard = None


def copy_to_clipboard(text):
    """Copy without letting a refused clipboard (insecure page, no permission) become an error."""
    global _clipboard
    if _clipboard is None:
        _clipboard = window.Function.new(
            "text", "try { navigator.clipboard.writeText(text).catch(function () {}); } catch (e) {}")
    _clipboard(text)
