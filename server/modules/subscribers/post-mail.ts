// A post as an e-mail (issue 40): the HTML part from its sanitized content with every address made
// absolute (a mail client has no base address), and a plain-text part that keeps paragraphs, link
// addresses, pictures' alt texts and code's lines. A table-free, inline-styled layout: mail clients
// drop <style> and ignore classes, and dark modes invert what they can.
import { escapeMarkup } from '../../http/markup.ts';
import { htmlToText } from '#kernel/reading-rules.ts';

export interface MailedPost {
  title: string;
  description: string;
  subtitle: string;
  content: string;
  url: string;
}

/** Site-relative addresses (src, href, srcset) made absolute. */
export function absoluteAddresses(html: string, siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const absolute = (value: string) => (value.startsWith('/') && !value.startsWith('//') ? origin + value : value);
  return html
    .replace(/\b(src|href)="([^"]*)"/g, (_m, name: string, value: string) => `${name}="${absolute(value)}"`)
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_m, value: string) =>
        `srcset="${value
          .split(',')
          .map((entry) => entry.trim().replace(/^\S+/, absolute))
          .join(', ')}"`,
    );
}

/** The plain-text part: a paragraph a block, "text (address)" for links, [alt] for pictures, code kept. */
export function mailText(html: string): string {
  const pre: string[] = [];
  const text = html
    .replace(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi, (_m, code: string) => {
      pre.push(code.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, ''));
      return `\n\n\uE000${pre.length - 1}\uE000\n\n`;
    })
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, (_m, alt: string) => (alt ? ` [${alt}] ` : ' '))
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => {
      const words = htmlToText(inner);
      return words && words !== href ? `${inner} (${href})` : href;
    })
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<(br)\b[^>]*>/gi, '\n')
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|figure|div)>/gi, '\n\n');
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => htmlToText(line))
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((block) => block !== '');
  // Code blocks stood aside as \uE000n\uE000 (a private-use character) so their lines are not joined.
  return paragraphs
    .join('\n\n')
    .replace(/\uE000(\d+)\uE000/g, (_m, index: string) => decodeBasic(pre[Number(index)] ?? ''));
}

const decodeBasic = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

export function renderPostMail(
  post: MailedPost,
  siteUrl: string,
  siteName: string,
  unsubscribeUrl: string,
): { subject: string; html: string; text: string } {
  const content = absoluteAddresses(post.content, siteUrl);
  const preheader = post.description || post.subtitle;
  const text =
    `${post.title}\n${post.subtitle ? `${post.subtitle}\n` : ''}\n${mailText(content)}\n\n` +
    `Read it on the site: ${post.url}\n\n--\nYou follow ${siteName} by e-mail. Unsubscribe: ${unsubscribeUrl}\n`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">` +
    `<title>${escapeMarkup(post.title)}</title></head>` +
    `<body style="margin:0;padding:0">` +
    // The preheader: the line mail clients show after the subject, hidden in the message itself.
    `<div style="display:none;max-height:0;overflow:hidden">${escapeMarkup(preheader)}</div>` +
    `<div style="max-width:640px;margin:0 auto;padding:16px;font-family:Georgia,serif;font-size:18px;line-height:1.6">` +
    `<h1 style="font-size:28px;line-height:1.25"><a href="${escapeMarkup(post.url)}" style="color:inherit">` +
    `${escapeMarkup(post.title)}</a></h1>` +
    (post.subtitle ? `<p style="font-size:20px"><em>${escapeMarkup(post.subtitle)}</em></p>` : '') +
    content
      .replace(/<img\b/gi, '<img style="max-width:100%;height:auto"')
      .replace(/<pre\b/gi, '<pre style="white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px"') +
    `<p><a href="${escapeMarkup(post.url)}">Read it on the site</a></p>` +
    `<hr><p style="font-size:14px">You follow ${escapeMarkup(siteName)} by e-mail. ` +
    `<a href="${escapeMarkup(unsubscribeUrl)}">Unsubscribe</a></p></div></body></html>`;
  return { subject: post.title, html, text };
}
