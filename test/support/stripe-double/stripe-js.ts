// The Stripe.js stand-in the double serves at /v3, with the card element's frame (/elements/card)
// and the 3-D Secure challenge (/3ds/challenge). Like Stripe's, the card inputs live in a frame on
// the double's origin: the page only exchanges postMessage with it (states, never digits), and the
// frame itself creates the PaymentMethod with the publishable key. Plain ES2020, no dependencies.

/** JSON for a value placed inside a <script>: "</" would end the element early. */
function scriptValue(value: unknown): string {
  return JSON.stringify(value).replaceAll("</", "<\\/");
}

export function stripeJsSource(origin: string): string {
  return `(function () {
  "use strict";
  var ORIGIN = ${scriptValue(origin)};
  var SOURCE = "stripe-double";
  var counter = 0;
  var replies = {};
  var elements = {};
  var challenges = {};

  function uid(prefix) {
    counter += 1;
    return prefix + "-" + counter + "-" + Math.random().toString(36).slice(2, 10);
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== ORIGIN) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.source !== SOURCE) return;
    if (data.type === "reply" && replies[data.requestId]) {
      var resolve = replies[data.requestId];
      delete replies[data.requestId];
      resolve(data);
      return;
    }
    if (data.type === "challenge-done" && challenges[data.intent]) {
      var done = challenges[data.intent];
      delete challenges[data.intent];
      done(data.outcome);
      return;
    }
    var element = elements[data.elementId];
    if (element) element._receive(data);
  });

  function encode(params) {
    var pairs = [];
    function add(key, value) {
      if (value === undefined || value === null) return;
      if (Array.isArray(value)) {
        value.forEach(function (item, index) { add(key + "[" + index + "]", item); });
      } else if (typeof value === "object") {
        Object.keys(value).forEach(function (inner) { add(key + "[" + inner + "]", value[inner]); });
      } else {
        pairs.push(encodeURIComponent(key) + "=" + encodeURIComponent(String(value)));
      }
    }
    Object.keys(params).forEach(function (key) { add(key, params[key]); });
    return pairs.join("&");
  }

  function api(key, method, path, params) {
    var body = encode(Object.assign({}, params, { key: key }));
    var url = ORIGIN + "/v1" + path + (method === "GET" ? "?" + body : "");
    var init = method === "GET" ? { method: method } : { method: method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: body };
    return fetch(url, init).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, json: json }; });
    }, function (error) {
      return { ok: false, json: { error: { type: "api_connection_error", message: "Could not reach the Stripe double: " + error } } };
    });
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret || "").split("_secret_")[0];
  }

  function integrationError(message) {
    var error = new Error(message);
    error.name = "IntegrationError";
    return error;
  }

  function paymentResult(intent) {
    if (intent.status === "requires_payment_method" && intent.last_payment_error) {
      return { error: Object.assign({}, intent.last_payment_error, { payment_intent: intent }) };
    }
    return { paymentIntent: intent };
  }

  function setupResult(intent) {
    if (intent.status === "requires_payment_method" && intent.last_setup_error) {
      return { error: Object.assign({}, intent.last_setup_error, { setup_intent: intent }) };
    }
    return { setupIntent: intent };
  }

  function runChallenge(intentId) {
    return new Promise(function (resolve) {
      var overlay = document.createElement("div");
      overlay.setAttribute("data-stripe-double", "challenge");
      overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,0.55);display:flex;align-items:center;justify-content:center;";
      var frame = document.createElement("iframe");
      frame.title = "3D Secure authentication";
      frame.src = ORIGIN + "/3ds/challenge?intent=" + encodeURIComponent(intentId) + "&parent=" + encodeURIComponent(window.location.origin);
      frame.style.cssText = "width:min(420px,94vw);height:300px;border:0;border-radius:8px;background:#fff;box-shadow:0 10px 40px rgba(0,0,0,0.3);";
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
      challenges[intentId] = function (outcome) {
        overlay.remove();
        resolve(outcome);
      };
    });
  }

  function createCardElement(key, options) {
    var id = uid("card");
    var handlers = {};
    var frame = null;
    var state = { complete: false, empty: true, error: undefined, brand: "unknown" };
    var element = {
      elementType: "card",
      mount: function (target) {
        var container = typeof target === "string" ? document.querySelector(target) : target;
        if (!container) throw integrationError("The selector you specified (" + target + ") applies to no DOM elements that are currently on the page.");
        if (frame) throw integrationError("This Element is already mounted.");
        frame = document.createElement("iframe");
        frame.name = id;
        frame.title = "Secure card payment input frame";
        frame.setAttribute("frameborder", "0");
        frame.setAttribute("scrolling", "no");
        frame.setAttribute("allowtransparency", "true");
        var query = "id=" + encodeURIComponent(id) + "&parent=" + encodeURIComponent(window.location.origin) + "&key=" + encodeURIComponent(key);
        if (options && options.disabled) query += "&disabled=1";
        frame.src = ORIGIN + "/elements/card?" + query;
        frame.style.cssText = "display:block;width:100%;height:48px;border:0;margin:0;padding:0;overflow:hidden;background:transparent;";
        container.appendChild(frame);
        return undefined;
      },
      unmount: function () {
        if (frame) frame.remove();
        frame = null;
        return element;
      },
      destroy: function () {
        element.unmount();
        delete elements[id];
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      off: function (name, handler) {
        handlers[name] = (handlers[name] || []).filter(function (candidate) { return handler !== undefined && candidate !== handler; });
        return element;
      },
      once: function (name, handler) {
        var wrapped = function (event) { element.off(name, wrapped); handler(event); };
        return element.on(name, wrapped);
      },
      focus: function () { post({ type: "focus" }); return element; },
      blur: function () { post({ type: "blur" }); return element; },
      clear: function () { post({ type: "clear" }); return element; },
      update: function () { return element; },
      _receive: function (data) {
        if (data.type === "ready") emit("ready", { elementType: "card" });
        else if (data.type === "focus" || data.type === "blur") emit(data.type, { elementType: "card" });
        else if (data.type === "change") {
          state = { complete: data.complete, empty: data.empty, error: data.error || undefined, brand: data.brand };
          emit("change", { elementType: "card", empty: state.empty, complete: state.complete, error: state.error, brand: state.brand, value: { postalCode: "" } });
        }
      },
      _createPaymentMethod: function (billingDetails) {
        if (!frame || !frame.contentWindow) {
          return Promise.resolve({ error: { type: "invalid_request_error", code: "element_not_mounted", message: "The card Element is not mounted." } });
        }
        var requestId = uid("request");
        return new Promise(function (resolve) {
          replies[requestId] = resolve;
          post({ type: "create-payment-method", requestId: requestId, billing_details: billingDetails || null });
        });
      },
    };
    function post(message) {
      if (frame && frame.contentWindow) frame.contentWindow.postMessage(Object.assign({ source: SOURCE, elementId: id }, message), ORIGIN);
    }
    function emit(name, event) {
      (handlers[name] || []).slice().forEach(function (handler) { handler(event); });
    }
    elements[id] = element;
    return element;
  }

  function isCardElement(value) {
    return value && typeof value === "object" && typeof value._createPaymentMethod === "function";
  }

  function Stripe(key, options) {
    if (typeof key !== "string" || key.indexOf("pk_") !== 0) {
      throw integrationError("Invalid value for Stripe(): apiKey should be a publishable key (pk_...). You specified: " + key + ".");
    }
    var created = {};

    function paymentMethodFrom(data) {
      var method = data && data.payment_method;
      if (method === undefined || method === null) return Promise.resolve({ id: null });
      if (typeof method === "string") return Promise.resolve({ id: method });
      if (isCardElement(method.card)) {
        return method.card._createPaymentMethod(method.billing_details).then(function (reply) {
          return reply.error ? { error: reply.error } : { id: reply.paymentMethod.id };
        });
      }
      return Promise.resolve({ error: { type: "invalid_request_error", message: "Invalid value for payment_method: pass a card Element or a PaymentMethod id." } });
    }

    function retrieve(kind, clientSecret) {
      var path = (kind === "setup" ? "/setup_intents/" : "/payment_intents/") + intentIdOf(clientSecret);
      return api(key, "GET", path, { client_secret: clientSecret });
    }

    function settle(kind, clientSecret, intent, handleActions) {
      var finish = kind === "setup" ? setupResult : paymentResult;
      if (intent.status !== "requires_action" || handleActions === false) return Promise.resolve(finish(intent));
      return runChallenge(intent.id).then(function () {
        return retrieve(kind, clientSecret).then(function (answer) {
          return answer.ok ? finish(answer.json) : { error: answer.json.error };
        });
      });
    }

    function confirm(kind, clientSecret, data, options) {
      if (typeof clientSecret !== "string" || clientSecret.indexOf("_secret_") < 0) {
        return Promise.reject(integrationError("Invalid value for " + (kind === "setup" ? "confirmCardSetup" : "confirmCardPayment") + " intent secret: value should be a client_secret string."));
      }
      return paymentMethodFrom(data).then(function (method) {
        if (method.error) return { error: method.error };
        var params = { client_secret: clientSecret };
        if (method.id) params.payment_method = method.id;
        if (data && data.return_url) params.return_url = data.return_url;
        if (kind === "payment" && data && data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
        var path = (kind === "setup" ? "/setup_intents/" : "/payment_intents/") + intentIdOf(clientSecret) + "/confirm";
        return api(key, "POST", path, params).then(function (answer) {
          if (!answer.ok) return { error: answer.json.error };
          return settle(kind, clientSecret, answer.json, options && options.handleActions);
        });
      });
    }

    created.elements = function () {
      return {
        create: function (type, elementOptions) {
          if (type !== "card") throw integrationError("The Stripe double implements only the 'card' Element, not '" + type + "'.");
          return createCardElement(key, elementOptions || {});
        },
        getElement: function () { return null; },
      };
    };
    created.confirmCardPayment = function (clientSecret, data, options) { return confirm("payment", clientSecret, data, options); };
    created.confirmCardSetup = function (clientSecret, data, options) { return confirm("setup", clientSecret, data, options); };
    created.handleNextAction = function (options) {
      var clientSecret = options && options.clientSecret;
      var kind = String(clientSecret || "").indexOf("seti_") === 0 ? "setup" : "payment";
      return retrieve(kind, clientSecret).then(function (answer) {
        if (!answer.ok) return { error: answer.json.error };
        return settle(kind, clientSecret, answer.json, true);
      });
    };
    created.handleCardAction = function (clientSecret) { return created.handleNextAction({ clientSecret: clientSecret }); };
    created.retrievePaymentIntent = function (clientSecret) {
      return retrieve("payment", clientSecret).then(function (answer) { return answer.ok ? { paymentIntent: answer.json } : { error: answer.json.error }; });
    };
    created.retrieveSetupIntent = function (clientSecret) {
      return retrieve("setup", clientSecret).then(function (answer) { return answer.ok ? { setupIntent: answer.json } : { error: answer.json.error }; });
    };
    created.createPaymentMethod = function (data) {
      var card = data && data.card;
      if (!isCardElement(card)) return Promise.resolve({ error: { type: "invalid_request_error", message: "The Stripe double creates PaymentMethods from a card Element only." } });
      return card._createPaymentMethod(data.billing_details).then(function (reply) {
        return reply.error ? { error: reply.error } : { paymentMethod: reply.paymentMethod };
      });
    };
    void options;
    return created;
  }

  Stripe.version = 3;
  Stripe.__double = true;
  window.Stripe = Stripe;
})();
`;
}

const FRAME_STYLE = `
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; background: transparent; font: 16px/1.25 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; }
  .row { display: flex; gap: 8px; height: 48px; align-items: center; padding: 2px; }
  input { height: 44px; border: 1px solid #cbd5e1; border-radius: 6px; padding: 0 10px; font: inherit; background: #fff; color: inherit; min-width: 0; }
  input:focus { outline: 2px solid #2563eb; outline-offset: 0; border-color: #2563eb; }
  input[aria-invalid="true"] { border-color: #dc2626; color: #b91c1c; }
  #number { flex: 1 1 auto; }
  #expiry { flex: 0 0 5.6em; }
  #cvc { flex: 0 0 4.4em; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

export function cardFrameHtml(origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Card details</title>
<style>${FRAME_STYLE}</style>
</head>
<body>
<div class="row">
  <label class="visually-hidden" for="number">Card number</label>
  <input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" aria-invalid="false">
  <label class="visually-hidden" for="expiry">Expiration date</label>
  <input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" aria-invalid="false">
  <label class="visually-hidden" for="cvc">Security code</label>
  <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" aria-invalid="false">
</div>
<script>
(function () {
  "use strict";
  var ORIGIN = ${scriptValue(origin)};
  var query = new URLSearchParams(window.location.search);
  var ID = query.get("id") || "";
  var PARENT = query.get("parent") || "*";
  var KEY = query.get("key") || "";
  var number = document.getElementById("number");
  var expiry = document.getElementById("expiry");
  var cvc = document.getElementById("cvc");
  var touched = { number: false, expiry: false, cvc: false };
  if (query.get("disabled")) [number, expiry, cvc].forEach(function (input) { input.disabled = true; });

  function send(message) {
    window.parent.postMessage(Object.assign({ source: "stripe-double", elementId: ID }, message), PARENT);
  }

  function digits(value) { return value.replace(/\\D/g, ""); }

  function brandOf(n) {
    var p2 = Number(n.slice(0, 2)), p4 = Number(n.slice(0, 4));
    if (/^4/.test(n)) return { brand: "visa", lengths: [16, 19], cvc: 3 };
    if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return { brand: "mastercard", lengths: [16], cvc: 3 };
    if (p2 === 34 || p2 === 37) return { brand: "amex", lengths: [15], cvc: 4 };
    if (/^(6011|65|64[4-9])/.test(n)) return { brand: "discover", lengths: [16, 19], cvc: 3 };
    if (p2 === 35) return { brand: "jcb", lengths: [16, 19], cvc: 3 };
    if (p2 === 36 || p2 === 30 || p2 === 38) return { brand: "diners", lengths: [14, 16], cvc: 3 };
    if (p2 === 62) return { brand: "unionpay", lengths: [16, 19], cvc: 3 };
    return { brand: "unknown", lengths: [16], cvc: 3 };
  }

  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i += 1) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return n.length > 0 && sum % 10 === 0;
  }

  function formatNumber(n, brand) {
    if (brand === "amex") return [n.slice(0, 4), n.slice(4, 10), n.slice(10, 15)].filter(Boolean).join(" ");
    return n.replace(/(\\d{4})(?=\\d)/g, "$1 ");
  }

  function parseExpiry() {
    var d = digits(expiry.value);
    return { month: d.slice(0, 2), year: d.slice(2, 4) };
  }

  function check(all) {
    var n = digits(number.value);
    var info = brandOf(n);
    var exp = parseExpiry();
    var c = digits(cvc.value);
    var maxLength = Math.max.apply(null, info.lengths);
    var errors = [];
    var numberComplete = info.lengths.indexOf(n.length) >= 0 && luhn(n);
    if (n.length >= maxLength && !luhn(n)) errors.push({ field: number, code: "invalid_number", message: "Your card number is invalid." });
    else if (!numberComplete && n.length > 0 && info.lengths.indexOf(n.length) >= 0 && !luhn(n) && (all || touched.number)) errors.push({ field: number, code: "invalid_number", message: "Your card number is invalid." });
    else if (!numberComplete && (all || (touched.number && n.length > 0))) errors.push({ field: number, code: "incomplete_number", message: "Your card number is incomplete." });
    var expiryComplete = false;
    if (exp.month.length === 2 && (Number(exp.month) < 1 || Number(exp.month) > 12)) {
      errors.push({ field: expiry, code: "invalid_expiry_month", message: "Your card's expiration date is invalid." });
    } else if (exp.month.length === 2 && exp.year.length === 2) {
      var now = new Date();
      var year = 2000 + Number(exp.year), month = Number(exp.month);
      if (year < now.getFullYear()) errors.push({ field: expiry, code: "invalid_expiry_year_past", message: "Your card's expiration year is in the past." });
      else if (year === now.getFullYear() && month < now.getMonth() + 1) errors.push({ field: expiry, code: "invalid_expiry_month_past", message: "Your card's expiration date is in the past." });
      else if (year > now.getFullYear() + 50) errors.push({ field: expiry, code: "invalid_expiry_year", message: "Your card's expiration year is invalid." });
      else expiryComplete = true;
    } else if (all || (touched.expiry && expiry.value !== "")) {
      errors.push({ field: expiry, code: "incomplete_expiry", message: "Your card's expiration date is incomplete." });
    }
    var cvcComplete = c.length === info.cvc;
    if (!cvcComplete && (all || (touched.cvc && c.length > 0))) errors.push({ field: cvc, code: "incomplete_cvc", message: "Your card's security code is incomplete." });
    [number, expiry, cvc].forEach(function (input) {
      input.setAttribute("aria-invalid", errors.some(function (error) { return error.field === input; }) ? "true" : "false");
    });
    var first = errors[0];
    return {
      complete: numberComplete && expiryComplete && cvcComplete,
      empty: n === "" && expiry.value === "" && c === "",
      brand: info.brand,
      error: first ? { type: "validation_error", code: first.code, message: first.message } : undefined,
      card: { number: n, exp_month: Number(exp.month), exp_year: 2000 + Number(exp.year), cvc: c },
    };
  }

  function report() {
    var result = check(false);
    send({ type: "change", complete: result.complete, empty: result.empty, brand: result.brand, error: result.error || null });
  }

  number.addEventListener("input", function () {
    var n = digits(number.value);
    var info = brandOf(n);
    n = n.slice(0, Math.max.apply(null, info.lengths));
    number.value = formatNumber(n, info.brand);
    cvc.maxLength = info.cvc;
    if (info.lengths.indexOf(n.length) >= 0 && luhn(n) && n.length === Math.max.apply(null, info.lengths)) expiry.focus();
    report();
  });
  expiry.addEventListener("input", function () {
    var d = digits(expiry.value).slice(0, 4);
    if (d.length === 1 && Number(d) > 1) d = "0" + d;
    expiry.value = d.length > 2 ? d.slice(0, 2) + " / " + d.slice(2) : d;
    if (d.length === 4) cvc.focus();
    report();
  });
  cvc.addEventListener("input", function () {
    cvc.value = digits(cvc.value).slice(0, cvc.maxLength);
    report();
  });
  [["number", number], ["expiry", expiry], ["cvc", cvc]].forEach(function (pair) {
    pair[1].addEventListener("focus", function () { send({ type: "focus" }); });
    pair[1].addEventListener("blur", function () {
      touched[pair[0]] = true;
      report();
      setTimeout(function () {
        if (![number, expiry, cvc].some(function (input) { return input === document.activeElement; })) send({ type: "blur" });
      }, 0);
    });
  });

  function encode(params, prefix, pairs) {
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + "[" + key + "]" : key;
      if (value === undefined || value === null) return;
      if (typeof value === "object") encode(value, name, pairs);
      else pairs.push(encodeURIComponent(name) + "=" + encodeURIComponent(String(value)));
    });
    return pairs;
  }

  function createPaymentMethod(requestId, billingDetails) {
    var result = check(true);
    report();
    if (result.error) {
      send({ type: "reply", requestId: requestId, error: result.error });
      return;
    }
    var params = { type: "card", card: result.card, key: KEY };
    if (billingDetails) params.billing_details = billingDetails;
    fetch(ORIGIN + "/v1/payment_methods", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: encode(params, "", []).join("&"),
    })
      .then(function (response) { return response.json().then(function (json) { return { ok: response.ok, json: json }; }); })
      .then(function (answer) {
        send(answer.ok ? { type: "reply", requestId: requestId, paymentMethod: answer.json } : { type: "reply", requestId: requestId, error: answer.json.error });
      }, function (error) {
        send({ type: "reply", requestId: requestId, error: { type: "api_connection_error", message: String(error) } });
      });
  }

  window.addEventListener("message", function (event) {
    if (PARENT !== "*" && event.origin !== PARENT) return;
    var data = event.data;
    if (!data || data.source !== "stripe-double" || data.elementId !== ID) return;
    if (data.type === "focus") number.focus();
    else if (data.type === "blur") document.activeElement && document.activeElement.blur();
    else if (data.type === "clear") {
      number.value = expiry.value = cvc.value = "";
      touched = { number: false, expiry: false, cvc: false };
      report();
    } else if (data.type === "create-payment-method") createPaymentMethod(data.requestId, data.billing_details);
  });

  send({ type: "ready" });
})();
</script>
</body>
</html>
`;
}

export function challengeHtml(origin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>3D Secure test payment</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; padding: 24px; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #fff; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { margin: 0 0 20px; color: #475569; }
  .actions { display: flex; flex-direction: column; gap: 10px; }
  button { font: inherit; padding: 10px 16px; border-radius: 6px; border: 1px solid #cbd5e1; background: #fff; cursor: pointer; }
  button.primary { background: #16a34a; color: #fff; border-color: #16a34a; }
  button.danger { color: #b91c1c; }
  button:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>3D Secure test payment</h1>
  <p>This is the Stripe double's stand-in for the bank's authentication page. Nothing is charged.</p>
  <div class="actions">
    <button type="button" class="primary" data-outcome="succeed">Complete authentication</button>
    <button type="button" class="danger" data-outcome="fail">Fail authentication</button>
  </div>
  <p role="status" id="status"></p>
</main>
<script>
(function () {
  "use strict";
  var ORIGIN = ${scriptValue(origin)};
  var query = new URLSearchParams(window.location.search);
  var intent = query.get("intent") || "";
  var parentOrigin = query.get("parent");
  var returnUrl = query.get("return_url");
  var buttons = Array.prototype.slice.call(document.querySelectorAll("button[data-outcome]"));
  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      var outcome = button.getAttribute("data-outcome");
      buttons.forEach(function (other) { other.disabled = true; });
      fetch(ORIGIN + "/_double/complete-authentication", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: intent, outcome: outcome }),
      }).then(function () {
        if (parentOrigin && window.parent !== window) {
          window.parent.postMessage({ source: "stripe-double", type: "challenge-done", intent: intent, outcome: outcome }, parentOrigin);
        } else if (returnUrl) {
          var target = new URL(returnUrl);
          target.searchParams.set(intent.indexOf("seti_") === 0 ? "setup_intent" : "payment_intent", intent);
          target.searchParams.set("redirect_status", outcome === "succeed" ? "succeeded" : "failed");
          window.location.assign(target.toString());
        } else {
          document.getElementById("status").textContent = outcome === "succeed" ? "Authentication complete." : "Authentication failed.";
        }
      });
    });
  });
})();
</script>
</body>
</html>
`;
}
