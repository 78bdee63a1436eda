import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PromptText } from './prompt-text';

describe('PromptText', () => {
  it('highlights placeholders in <mark> and renders everything else as escaped text', () => {
    const html = renderToStaticMarkup(<PromptText text={'<img src=x onerror=alert(1)> Dear [name], {{ tone }} & more'} />);
    expect(html).toBe(
      '&lt;img src=x onerror=alert(1)&gt; Dear <mark class="prompt-variable" data-variable="name">[name]</mark>, ' +
        '<mark class="prompt-variable" data-variable="tone">{{ tone }}</mark> &amp; more',
    );
  });

  it('renders text without placeholders unchanged', () => {
    expect(renderToStaticMarkup(<PromptText text="Plain [link](x)" />)).toBe('Plain [link](x)');
  });
});
