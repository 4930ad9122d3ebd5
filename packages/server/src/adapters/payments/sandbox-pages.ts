import { createHash } from "node:crypto";

/** The sandbox gateway's own pages (card form, 3DS challenge, redirect approval): plain HTML, like a hosted gateway's. */
const style = `body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;padding:20px;background:#f8fafc;color:#0f172a}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:20px}
h1{font-size:18px;margin:0 0 4px}p{color:#475569;font-size:14px}label{display:block;font-size:14px;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cbd5e1;border-radius:8px;font-size:16px}
.row{display:flex;gap:12px;align-items:flex-end}.row>div{flex:1}button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer;background:#0f766e;color:#fff}
button.secondary{background:#e2e8f0;color:#0f172a}@media(max-width:480px){body{padding:8px}main{border:0;padding:8px}}.error{color:#b91c1c;font-size:14px;min-height:20px;margin-top:8px}.badge{font-size:12px;color:#64748b}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);
}

function page(title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main>${script ? `<script>${script}</script>` : ""}</body></html>`;
}

const cardScript = `const form=document.getElementById('card');const error=document.getElementById('error');
form.addEventListener('submit',async(event)=>{event.preventDefault();error.textContent='';
const number=form.number.value.replace(/\\s+/g,'').slice(0,19);const [month,year]=form.exp.value.split('/');
const response=await fetch('/sandbox-pay/tokens',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({number,name:form.name.value,exp_month:Number(month),exp_year:Number(year),cvc:form.cvc.value})});
const data=await response.json();
if(!response.ok){error.textContent=data.message;window.parent.postMessage({type:'sandbox-card-error',message:data.message},location.origin);return;}
window.parent.postMessage({type:'sandbox-card-token',token:data.token,last4:data.last4,brand:data.brand},location.origin);
form.querySelector('button').textContent='Tarjeta •••• '+data.last4;});`;

export function cardPage(): string {
  return page(
    "Pago seguro",
    `<h1>Datos de la tarjeta</h1><p class="badge">Pasarela de pruebas Tianguis · tus datos no pasan por la tienda</p>
<form id="card" novalidate>
<label for="number">Número de tarjeta</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242" required>
<label for="name">Nombre del titular</label><input id="name" name="name" autocomplete="cc-name" required>
<div class="row"><div><label for="exp">Vencimiento (MM/AA)</label><input id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" maxlength="5" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div></div>
<div class="error" id="error" role="alert"></div>
<button type="submit" id="submit">Usar esta tarjeta</button></form>`,
    cardScript,
  );
}

export function challengePage(kind: "3ds" | "approve", fields: Record<string, string>, amount: string): string {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const title = kind === "3ds" ? "Verificación 3D Secure" : `Aprobar pago con ${escapeHtml(fields.method ?? "")}`;
  const accept = kind === "3ds" ? "Autorizar" : "Aprobar";
  const reject = kind === "3ds" ? "Rechazar" : "Cancelar";
  return page(
    title,
    `<h1>${title}</h1><p>Banco de pruebas · Monto: <strong>${escapeHtml(amount)}</strong></p>
<form method="post">${hidden}<button name="outcome" value="approve" type="submit">${accept}</button><button class="secondary" name="outcome" value="reject" type="submit">${reject}</button></form>`,
  );
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The pages' CSP: their own style and the card form's script only, calls and form posts to this origin only, and
 * framed by this origin's pages only (the checkout's card frame), never another site's (clickjacking the Approve button).
 */
export const sandboxPageCsp = [
  "default-src 'none'",
  `style-src ${sha256(style)}`,
  `script-src ${sha256(cardScript)}`,
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join("; ");
