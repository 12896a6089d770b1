// Every API area, registered under /api (DESIGN.md §2.14), one plugin per folder.
import type { FastifyPluginAsync } from 'fastify';
import { usuariosRoutes } from './usuarios/routes.ts';
import { couponValidationRoutes } from './checkout/coupons.ts';
import { checkoutRoutes } from './checkout/enrolments.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

export const apiModules: FastifyPluginAsync<{ gateway: PaymentGateway }> = async (app, { gateway }) => {
  await app.register(usuariosRoutes, { prefix: '/usuarios' });
  await app.register(couponValidationRoutes);
  await app.register(checkoutRoutes(gateway));
  await app.register(import('./admin/index.ts'));
};
