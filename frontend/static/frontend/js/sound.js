// sound.js — little sounds made in the browser (Web Audio), off until the player
// turns them on; the choice is remembered on this device.
//
//   const sound = new Sound("fishsite:sound:card-fishing");
//   sound.enabled            -> false by default
//   sound.setEnabled(true)   // call from a click: browsers only start audio after one
//   sound.play("card")       // "card", "capture", "sweep", "deal", "win", "lose"
//
// No files are downloaded: every sound is a few short oscillator notes.

const NOTES = {
  card: [[520, 0, 0.06, "triangle"]],
  deal: [[700, 0, 0.04, "triangle"], [760, 0.05, 0.04, "triangle"]],
  capture: [[660, 0, 0.08, "sine"], [880, 0.08, 0.1, "sine"]],
  sweep: [[523, 0, 0.09, "square"], [659, 0.09, 0.09, "square"], [784, 0.18, 0.16, "square"]],
  win: [[523, 0, 0.12, "sine"], [659, 0.12, 0.12, "sine"], [784, 0.24, 0.12, "sine"], [1047, 0.36, 0.3, "sine"]],
  lose: [[392, 0, 0.16, "sine"], [330, 0.16, 0.16, "sine"], [262, 0.32, 0.3, "sine"]],
};

export class Sound {
  constructor(key) {
    this.key = key;
    this.context = null;
    try {
      this.enabled = localStorage.getItem(key) === "on";
    } catch (error) {
      this.enabled = false;
    }
  }

  setEnabled(on) {
    this.enabled = Boolean(on);
    try {
      localStorage.setItem(this.key, this.enabled ? "on" : "off");
    } catch (error) {
      // storage unavailable: the choice lasts for this page
    }
    if (this.enabled) this.play("card");
  }

  play(name) {
    if (!this.enabled || !NOTES[name]) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      this.context = this.context || new Context();
      if (this.context.state === "suspended") this.context.resume();
      const start = this.context.currentTime + 0.01;
      for (const [frequency, at, length, type] of NOTES[name]) {
        this.note(frequency, start + at, length, type);
      }
    } catch (error) {
      // no audio device: stay silent
    }
  }

  note(frequency, at, length, type) {
    const oscillator = this.context.createOscillator();
    const gain = this.context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(this.context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }
}
