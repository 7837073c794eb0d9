// Sounds of the play page, made here with Web Audio (no sound files): a soft tick per
// seed sown, a low knock for a capture, two rising notes for an extra turn.
// Off by default; the #sound button turns them on or off, and the choice is kept.
//
//   kalahSound.play("seed" | "take" | "extra", count)   // count notes, 35 ms apart
//
// The page's Python calls play() as the board view draws each step (kalah/web/play/page.py);
// it does nothing while the sound is off. `played` counts the notes made (for tests).
(() => {
  // Not under "kalah.": the play page reads any such key as a game it may have to resume.
  const KEY = "kalah-sound";
  const SPREAD = 0.035;  // seconds between the notes of one call (a move drawn at once)
  let on = false;
  let audio = null;

  try { on = localStorage.getItem(KEY) === "on"; } catch (error) { /* storage blocked: off */ }

  // The context is made on first use: browsers start one only after a click or key.
  const context = () => {
    if (!audio) audio = new AudioContext();
    if (audio.state === "suspended") audio.resume();
    return audio;
  };

  // One short note: a sine at `frequency` Hz whose volume rises in 5 ms and fades over `length` s.
  const note = (ctx, at, frequency, length, volume) => {
    const osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(volume, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
    sound.played += 1;
  };

  const sound = {
    played: 0,
    isOn: () => on,
    play(kind, count = 1) {
      if (!on) return;
      const ctx = context(), start = ctx.currentTime;
      for (let i = 0; i < Math.min(count, 48); i++) {
        const at = start + i * SPREAD;
        if (kind === "seed") note(ctx, at, 880 + 40 * (i % 4), 0.06, 0.05);
        else if (kind === "take") note(ctx, at, 196, 0.18, 0.09);
        else if (kind === "extra") { note(ctx, at, 660, 0.12, 0.06); note(ctx, at + 0.09, 990, 0.16, 0.06); }
      }
    },
  };
  window.kalahSound = sound;

  const show = (button) => {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    // The labels in the page's language (data-i18n-attr translates them), else English.
    button.textContent = on ? (button.dataset.labelOn || "Sound on") : (button.dataset.labelOff || "Sound off");
  };

  const wire = () => {
    const button = document.getElementById("sound");
    if (!button) return;
    show(button);
    button.addEventListener("click", () => {
      on = !on;
      try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (error) { /* kept for this visit only */ }
      show(button);
      sound.play("seed");  // says "on" by being heard
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
