import 'reflect-metadata';
import { useFacetHttp } from '@facet/nest';
import { resourceDocuments } from '@facet/nest/swagger';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { readCaller } from './access';
import { AppModule } from './app.module';
import { books } from './books';

async function bootstrap() {
  // Nest's own logger at every level: a start-up warning is a failure of run.mjs.
  const app = await NestFactory.create(AppModule);
  app.setGlobalPrefix('api/v1');
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  useFacetHttp(app);
  const base = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Floors').build());
  const documentFor = resourceDocuments(base, app, [books], { key: (context) => String(context.role) });
  SwaggerModule.setup('api/docs', app, documentFor({ role: 'anonymous' }), {
    patchDocumentOnRequest: (request) => documentFor(readCaller(request as never).context),
  });
  // run.mjs hands over a free port.
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  console.log(`FLOORS_LISTENING ${await app.getUrl()}`);
}
void bootstrap();
