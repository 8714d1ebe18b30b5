// frame-queue.js — the frames an animated table plays one after another (the
// Kitten Fishing and Card Fishing tables), so each animation ends before the
// next frame is drawn, however fast the server sends them.
//
//   const queue = new FrameQueue({
//     present: (frame, events) => ...,  // plays one frame's events (awaited)
//     ready: async () => ...,           // awaited before each item (a paused table waits here)
//     settled: () => ...,               // called when the queue is empty again
//   });
//   queue.push({frame, events});        // a frame from the server
//   queue.push({run: async () => ...}); // anything else in turn: a deal, a jump to the latest state
//   queue.replace({run});               // drop what waits and run this next (a resync)
//   queue.clear();                      // drop what waits
//   queue.draining                      // true while items are being played
//   queue.stop();                       // the table is gone: nothing more runs

export class FrameQueue {
  constructor({present, ready = async () => {}, settled = () => {}}) {
    this.present = present;
    this.ready = ready;
    this.settled = settled;
    this.items = [];
    this.draining = false;
    this.stopped = false;
  }

  push(item) {
    this.items.push(item);
    this.drain();
  }

  replace(item) {
    this.items = [item];
    this.drain();
  }

  clear() {
    this.items = [];
  }

  stop() {
    this.stopped = true;
    this.items = [];
  }

  async drain() {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.items.length && !this.stopped) {
        await this.ready();
        const item = this.items.shift();
        if (!item) break; // cleared while the table was paused
        if (item.run) await item.run();
        else await this.present(item.frame, item.events);
      }
    } finally {
      this.draining = false;
    }
    if (!this.stopped) this.settled();
  }
}
