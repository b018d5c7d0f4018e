// A stand-in for hCaptcha's api.js, served by the tests in place of the real
// script (which this machine cannot reach). It renders a button that, when
// pressed, "solves" the check with hCaptcha's published test token.
(() => {
  const TOKEN = '10000000-aaaa-bbbb-cccc-000000000001';
  const widgets = new Map();
  let next = 1;
  window.hcaptcha = {
    render(container, params) {
      const id = String(next++);
      const host = typeof container === 'string' ? document.getElementById(container) : container;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I am human';
      button.dataset.hcaptchaStub = '';
      button.addEventListener('click', () => {
        const widget = widgets.get(id);
        widget.response = TOKEN;
        button.textContent = 'Verified';
        if (typeof params.callback === 'function') params.callback(TOKEN);
      });
      host.appendChild(button);
      widgets.set(id, { response: '', button });
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
      widgets.get(id)?.button.remove();
      widgets.delete(id);
    },
    execute() {},
    close() {},
    setData() {},
  };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
