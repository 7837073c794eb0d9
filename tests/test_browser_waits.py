"""Every `wait_for_function` in the tests and scripts is given a function Playwright can wait on:
an async one returns a promise, which counts as true at once (tests/browser/async_wait.py)."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def python_files():
    for folder in ("tests", "scripts"):
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith(".py"):
                    yield os.path.join(directory, name)


def text_of(node, names):
    """The JavaScript text an argument holds, as far as it is written in the file: a literal, a
    module-level name bound to one, a %-format or concatenation of those; '' when not known."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id, "")
    if isinstance(node, ast.BinOp):
        return text_of(node.left, names) + text_of(node.right, names)
    if isinstance(node, ast.JoinedStr):
        return "".join(text_of(part, names) for part in node.values)
    return ""


def async_waits(path):
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    names = {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
             and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
             for target in node.targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            script = text_of(node.args[0], names)
            if "async " in script or "await " in script:
                yield "%s:%d" % (os.path.relpath(path, ROOT), node.lineno)


def test_no_async_function_is_given_to_wait_for_function():
    assert [place for path in python_files() for place in async_waits(path)] == []


def test_the_guard_finds_an_async_wait_through_a_name_and_a_format():
    source = ('READY = """async () => (await caches.keys()).length"""\n'
              'page.wait_for_function(READY)\n'
              'page.wait_for_function("async (x) => { await (%s)(); }" % READY, arg=1)\n'
              'page.wait_for_function("document.body !== null")\n')
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(source)
    try:
        assert [place.rsplit(":", 1)[1] for place in async_waits(handle.name)] == ["2", "3"]
    finally:
        os.unlink(handle.name)
