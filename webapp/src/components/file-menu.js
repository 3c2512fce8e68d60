// <ac-file-menu>: the file tree's context menu. Stage, unstage, discard,
// rename, delete, duplicate, new file and new folder, each through the repo
// plugin; a name is asked
// for inline, a destructive action asks for confirmation inline. "Exclude
// from index" / "Include in index" is the picker's (a `toggle-exclusion`
// event): `exclusion` is {ok, reason, excluded} for the entry. Duplicate
// reads the file and creates the copy (Repo.get_file_content, create_file);
// a new folder is created with an empty .gitkeep in it, since git and the
// tree only know folders by their files.

import { html } from 'lit';
import { LightElement } from './light-element.js';
import { rpc, emit, toast } from '../rpc.js';

const LABELS = { rename: 'New path', new: 'File path', folder: 'Folder path', duplicate: 'Copy to' };

// src/a.py -> src/a_copy.py (before the extension, if any).
function copyName(path) {
  const m = /^(.*?)(\.[^./]*)?$/.exec(path);
  return `${m[1]}_copy${m[2] ?? ''}`;
}

class AcFileMenu extends LightElement {
  static properties = { menu: {}, exclusion: {}, asking: { state: true } };

  close() {
    this.dispatchEvent(new CustomEvent('close'));
  }

  async run(label, method, ...args) {
    try {
      await rpc(method, ...args);
      toast(`${label}: done`, 'ok');
      emit('tree-changed');
    } catch (e) {
      toast(`${label} failed: ${e.message}`, 'error');
    }
    this.close();
  }

  async duplicate(from, to) {
    await this.run('Duplicate', 'Repo.create_file', to, await rpc('Repo.get_file_content', from));
  }

  toggleExclusion() {
    this.dispatchEvent(new CustomEvent('toggle-exclusion'));
    this.close();
  }

  renderExclusion() {
    const x = this.exclusion ?? { ok: false, reason: '' };
    return html`<button role="menuitem" data-action="toggle-exclusion" ?disabled=${!x.ok}
      title=${x.ok ? (x.excluded ? 'Back into the symbol index and the map' : 'Out of the symbol index and the map (Shift+click on the checkbox)') : x.reason}
      @click=${() => this.toggleExclusion()}>${x.excluded ? 'Include in index' : 'Exclude from index'}</button>`;
  }

  ask(kind, initial) {
    this.asking = { kind, value: initial };
  }

  submit(e) {
    e.preventDefault();
    const value = this.querySelector('input.ask').value.trim();
    const { entry } = this.menu;
    const { kind } = this.asking;
    if (kind === 'rename') this.run('Rename', entry.type === 'dir' ? 'Repo.rename_directory' : 'Repo.rename_file', entry.path, value);
    else if (kind === 'new') this.run('New file', 'Repo.create_file', value, '');
    else if (kind === 'folder') this.run('New folder', 'Repo.create_file', `${value.replace(/\/+$/, '')}/.gitkeep`, '');
    else if (kind === 'duplicate') this.duplicate(entry.path, value).catch((e) => { toast(`Duplicate failed: ${e.message}`, 'error'); this.close(); });
    else if (kind === 'delete') this.run('Delete', 'Repo.delete_file', entry.path);
    else if (kind === 'discard') this.run('Discard', 'Repo.discard_changes', [entry.path]);
  }

  renderAsk() {
    const { kind, value } = this.asking;
    const confirmOnly = kind === 'delete' || kind === 'discard';
    return html`<form @submit=${this.submit}>
      ${confirmOnly ? html`<p>${kind === 'delete' ? 'Delete' : 'Discard changes to'} ${this.menu.entry.path}?</p>
        <input class="ask" type="hidden" .value=${value}>`
      : html`<label>${LABELS[kind]}<input class="ask" .value=${value} autofocus></label>`}
      <button type="submit" data-confirm>${confirmOnly ? 'Yes' : 'OK'}</button>
      <button type="button" @click=${() => this.close()}>Cancel</button></form>`;
  }

  render() {
    const { x, y, entry } = this.menu;
    const file = entry.type === 'file';
    const dirPrefix = entry.type === 'dir' ? (entry.path ? entry.path + '/' : '') : entry.path.replace(/[^/]*$/, '');
    return html`<div class="backdrop" @click=${() => this.close()} @contextmenu=${(e) => { e.preventDefault(); this.close(); }}></div>
      <div class="menu" role="menu" style="left:${x}px;top:${y}px">
        ${this.asking ? this.renderAsk() : html`
          ${entry.path ? html`
            <button role="menuitem" @click=${() => this.run('Stage', 'Repo.stage_files', [entry.path])}>Stage</button>
            <button role="menuitem" @click=${() => this.run('Unstage', 'Repo.unstage_files', [entry.path])}>Unstage</button>
            <button role="menuitem" @click=${() => this.ask('discard', '')}>Discard changes</button>
            <button role="menuitem" @click=${() => this.ask('rename', entry.path)}>Rename…</button>
            ${file ? html`<button role="menuitem" data-action="duplicate" @click=${() => this.ask('duplicate', copyName(entry.path))}>Duplicate…</button>
              <button role="menuitem" @click=${() => this.ask('delete', '')}>Delete</button>` : ''}
            ${this.renderExclusion()}` : ''}
          <button role="menuitem" @click=${() => this.ask('new', dirPrefix)}>New file…</button>
          <button role="menuitem" data-action="new-folder" @click=${() => this.ask('folder', dirPrefix)}>New folder…</button>`}
      </div>`;
  }
}
customElements.define('ac-file-menu', AcFileMenu);
