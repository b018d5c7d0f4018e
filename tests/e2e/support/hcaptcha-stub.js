// A stand-in for hCaptcha's api.js, served by the tests in place of the real
// script (which this machine cannot reach). It renders, in a box of the real
// widget's size (303 × 78 px), a button that, when pressed, "solves" the check
// with hCaptcha's published test token.
//
// A test steers it through window.hcaptchaStub once it has loaded, or through
// window.hcaptchaStubSettings set before (page.addInitScript):
// - answer: what a press does: 'token' (the default), 'nothing' (a widget that
//   hangs: hCaptcha's servers never answer), or an error code that the widget
//   reports through its error-callback, as the real one does ('network-error',
//   'challenge-error'…);
// - framed: true draws the button inside a frame, as the real widget is, so a
//   press shows in the page only as focus moving into that frame;
// - expire(): the token runs out (the widget's expired-callback);
// - challengeExpired(): a challenge went unanswered (chalexpired-callback).
(() => {
  const TOKEN = '10000000-aaaa-bbbb-cccc-000000000001';
  const widgets = new Map();
  let next = 1;
  const stub = { answer: 'token', framed: false, ...window.hcaptchaStubSettings };
  const each = (callbackName, reset) => {
    for (const widget of widgets.values()) {
      if (reset) hcaptcha.reset(widget.id);
      if (typeof widget.params[callbackName] === 'function') widget.params[callbackName]();
    }
  };
  stub.expire = () => each('expired-callback', true);
  stub.challengeExpired = () => each('chalexpired-callback', false);
  window.hcaptchaStub = stub;

  const press = (id) => {
    const widget = widgets.get(id);
    if (stub.answer === 'nothing') {
      widget.button.textContent = 'Checking…';
      return;
    }
    if (stub.answer !== 'token') {
      if (typeof widget.params['error-callback'] === 'function') widget.params['error-callback'](stub.answer);
      return;
    }
    widget.response = TOKEN;
    widget.button.textContent = 'Verified';
    if (typeof widget.params.callback === 'function') widget.params.callback(TOKEN);
  };

  const hcaptcha = {
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
      button.addEventListener('click', () => press(id));
      if (stub.framed) {
        const frame = document.createElement('iframe');
        frame.title = 'Widget containing checkbox for hCaptcha security challenge';
        frame.style.cssText = 'inline-size: 100%; block-size: 100%; border: 0;';
        frame.addEventListener('load', () => frame.contentDocument.body.appendChild(button), { once: true });
        box.appendChild(frame);
      } else {
        box.appendChild(button);
      }
      host.appendChild(box);
      widgets.set(id, { id, response: '', button, box, params });
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
  window.hcaptcha = hcaptcha;
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
