import { describe, expect, it } from 'vitest';
import {
  caught,
  client,
  graph,
  jsonBody,
  only,
  reply,
  serveFakeGraph,
  TOKEN,
  WABA,
} from './graph-client-fixture';

serveFakeGraph();

describe('templates', () => {
  it('lists templates across every page by cursor and stops when there is no next page', async () => {
    const page = (ids: string[], after: string, hasNext: boolean) => ({
      data: ids.map((id) => ({
        id,
        name: `template_${id}`,
        status: 'APPROVED',
        category: 'UTILITY',
        language: 'en_US',
        components: [{ type: 'BODY', text: 'Hi {{1}}' }],
      })),
      paging: {
        cursors: { before: 'x', after },
        ...(hasNext ? { next: `${graph.baseUrl}/${WABA}/message_templates?after=${after}` } : {}),
      },
    });
    reply(
      [200, page(['1', '2'], 'C1', true)],
      [200, page(['3'], 'C2', true)],
      [200, page(['4'], 'C3', false)],
    );
    const templates = await client().listTemplates(WABA);
    expect(templates.map((t) => t.id)).toEqual(['1', '2', '3', '4']);
    expect(templates[0]).toEqual({
      id: '1',
      name: 'template_1',
      status: 'APPROVED',
      category: 'UTILITY',
      language: 'en_US',
      parameterFormat: null,
      components: [{ type: 'BODY', text: 'Hi {{1}}' }],
    });
    expect(graph.requests).toHaveLength(3);
    for (const request of graph.requests) {
      expect(request.path).toBe(`/v22.0/${WABA}/message_templates`);
      expect(request.query.fields).toBe('name,status,components,language,category,id');
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
    expect(graph.requests.map((r) => r.query.after)).toEqual([undefined, 'C1', 'C2']);
  });

  it('follows a same-origin next link without a cursor, but never another origin', async () => {
    reply(
      [200, { data: [{ id: '1' }], paging: { next: `${graph.baseUrl}/${WABA}/message_templates?page=2` } }],
      [200, { data: [{ id: '2' }], paging: { next: 'https://elsewhere.example.com/steal?page=3' } }],
    );
    const templates = await client().listTemplates(WABA);
    expect(templates.map((t) => t.id)).toEqual(['1', '2']);
    expect(graph.requests).toHaveLength(2);
    expect(graph.requests[1]?.query).toEqual({ page: '2' });
  });

  it('rejects a template list without a data array with the spec text', async () => {
    reply([200, { templates: [] }]);
    const error = await caught(client().listTemplates(WABA));
    expect(error.message).toBe('Invalid response format from WhatsApp API');
  });

  it('creates a template', async () => {
    reply([200, { id: '1730948271650394', status: 'PENDING', category: 'UTILITY' }]);
    const components = [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} has shipped.',
        example: { body_text: [['Maya', 'A-1001']] },
      },
      { type: 'FOOTER', text: 'Linen & Co' },
    ];
    const created = await client().createTemplate(WABA, {
      name: 'order_shipped',
      category: 'UTILITY',
      language: 'en_US',
      components,
    });
    expect(created).toEqual({ id: '1730948271650394', status: 'PENDING', category: 'UTILITY' });
    const request = only();
    expect(request).toMatchObject({ method: 'POST', path: `/v22.0/${WABA}/message_templates` });
    expect(jsonBody(request)).toEqual({
      name: 'order_shipped',
      category: 'UTILITY',
      language: 'en_US',
      components,
    });
  });
});
