const { readFile } = require('fs/promises');

export class Store extends EventTarget {
  #items = [];
  currency = 'USD';

  constructor(options = {}) {
    super();
    this.currency = options.currency ?? this.currency;
  }

  static empty() {
    return new Store();
  }

  get total() {
    return this.#items.reduce((sum, i) => sum + i.price, 0);
  }

  async load(path) {
    const text = await readFile(path, 'utf8');
    this.#items = JSON.parse(text);
    this.dispatchEvent(new Event('change'));
  }

  add = (item) => {
    this.#items.push(item);
  };
}
