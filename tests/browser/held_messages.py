"""Late answers on purpose: a wrapper of the page's `Worker` that holds back the messages of some
types until the test hands them over, so that the page hears them after it has moved on, as
on a slow machine (a condition the test sets up, not a delay).

    page.add_init_script(held_messages.script("ready"))   # held from the page's first worker on
    page.evaluate("window.__holdTypes.add('result')")     # held from now on
    page.evaluate("window.__release('ready')")            # that type's held messages, in order, now
"""

import json

_SCRIPT = """
window.__holdTypes = new Set(%s);
window.__held = [];
window.__release = (type) => {
  window.__holdTypes.delete(type);
  const held = window.__held.splice(0);
  for (const [kind, deliver] of held) if (kind === type) deliver(); else window.__held.push([kind, deliver]);
};
window.Worker = class extends window.Worker {
  addEventListener(type, listener, ...rest) {
    if (type !== "message") return super.addEventListener(type, listener, ...rest);
    return super.addEventListener(type, (event) => {
      const kind = event.data && event.data.type;
      if (window.__holdTypes.has(kind)) window.__held.push([kind, () => listener(event)]);
      else listener(event);
    }, ...rest);
  }
};
"""


def script(*types):
    """The init script, holding `types` ("ready", "result", "error", "progress") from the start."""
    return _SCRIPT % json.dumps(list(types))
