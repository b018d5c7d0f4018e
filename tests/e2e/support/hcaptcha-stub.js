// A stand-in for hCaptcha's api.js, served by the tests in place of the real
// script (which this machine cannot reach). It renders, in a box of the real
// widget's size (303 × 78 px), a button that, when pressed, "solves" the check
// with hCaptcha's published test token.
(() => {
  const TOKEN = '10000000-aaaa-bbbb-cccc-000000000001';
  const widgets = new Map();
  let next = 1;
  window.hcaptcha = {
    render(container, params) {
      const id = String(next++);
      const host = typeof container === 'string' ? document.getElementById(container) : container;
      const box = document.createElement('div');
      box.style.cssText =
        'inline-size: 303px; max-inline-size: 100%; block-size: 78px; display: flex; align-items: center;';
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I am human';
      button.dataset.hcaptchaStub = '';
      box.appendChild(button);
      button.addEventListener('click', () => {
        const widget = widgets.get(id);
        widget.response = TOKEN;
        button.textContent = 'Verified';
        if (typeof params.callback === 'function') params.callback(TOKEN);
      });
      host.appendChild(box);
      widgets.set(id, { response: '', button, box });
      window.hcaptchaStubRenders = (window.hcaptchaStubRenders || 0) + 1;
      return id;
    },
    getResponse: (id) => widgets.get(id)?.response ?? '',
    getRespKey: () => '',
    reset(id) {
      const widget = widgets.get(id);
      if (widget) {
        widget.response = '';
        widget.button.textContent = 'I am human';
      }
    },
    remove(id) {
      widgets.get(id)?.box.remove();
      widgets.delete(id);
    },
    execute() {},
    close() {},
    setData() {},
  };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
