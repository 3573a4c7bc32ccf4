import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { Roles, SessionService } from '../src/auth';
import { AUTH_COOKIE } from '@app/contract';
import { loadConfig } from '../src/config/config';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestDatabase } from './helpers/test-app';

/** A staff-only route, as the operator console will have them. */
@Controller('api')
class StaffProbeController {
  @Get('staff-probe.php')
  @Roles('admin', 'operator')
  probe() {
    return { ok: true };
  }
}

describe('staff roles', () => {
  let app: INestApplication;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url });
    @Module({ imports: [AppModule.forRoot(config)], controllers: [StaffProbeController] })
    class ProbeModule {}
    app = await NestFactory.create(ProbeModule, { logger: ['error'] });
    await app.init();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  async function sessionOf(roles: ('admin' | 'operator' | 'moderator')[]): Promise<string> {
    const user = await app.get(PrismaService).user.create({
      data: {
        email: `staff${Date.now()}${Math.random()}@example.test`,
        status: 'confirmed',
        roles,
      },
    });
    const { token } = await app.get(SessionService).create(user.id, {});
    return `${AUTH_COOKIE}=${token}`;
  }

  it('answers a member without the role 403 forbidden and keeps their session', async () => {
    const cookie = await sessionOf([]);
    const res = await request(app.getHttpServer())
      .get('/api/staff-probe.php')
      .set('Cookie', cookie)
      .expect(403);
    expect(res.body).toEqual({ error: 'forbidden', message: 'Hier heb je geen toegang toe.' });
    const me = await request(app.getHttpServer()).get('/api/user.php').set('Cookie', cookie);
    expect(me.body.user).not.toBeNull();
  });

  it('lets staff with one of the roles in, and asks a visitor to log in', async () => {
    const cookie = await sessionOf(['operator']);
    await request(app.getHttpServer())
      .get('/api/staff-probe.php')
      .set('Cookie', cookie)
      .expect(200);
    const visitor = await request(app.getHttpServer()).get('/api/staff-probe.php').expect(403);
    expect(visitor.body.error).toBe('authentication_required');
  });
});
