// The ceiling of the load benchmark: a bare Fastify answering a small JSON document.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { products: [{ _id: 'a', name: 'Ceiling', price: 100 }], count: 1 };
app.get('/json', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 5099) });
