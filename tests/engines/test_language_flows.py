"""A page in another language in Firefox and WebKit (issue 40): the head puts the page's words in
before its Python runs (scripts/build/page_words.py) and the page's Python keeps them and says
the rest in the language (tests/browser/test_language_first_paint.py checks the frames in chromium)."""

WORDS_IN = "return [document.documentElement.lang, document.documentElement.dir, document.documentElement.dataset.words];"


def test_the_play_page_in_french_and_the_embed_in_arabic(engine, engine_site):
    engine.goto(engine_site + "index.html#lang=fr")
    engine.wait_ready()
    assert engine.run(WORDS_IN) == ["fr", "", "in"]
    assert engine.run("return [document.getElementById('undo').textContent, document.getElementById('status').textContent,"
                      " document.querySelector('.kb-caption-top .kb-name').textContent];") == [
        "Annuler", "Sud au trait.", "Nord · Ordinateur (niveau 3)"]
    engine.goto(engine_site + "embed.html#g=k1.K64.sAnn.nBob.m3&lang=ar")
    engine.wait_ready()
    assert engine.run(WORDS_IN) == ["ar", "rtl", "in"]
    assert engine.run("return document.getElementById('next').getAttribute('aria-label');") == "حركة إلى الأمام"
