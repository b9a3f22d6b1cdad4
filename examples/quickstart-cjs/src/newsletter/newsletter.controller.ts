import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { IsEmail, IsOptional, IsString } from 'class-validator';

/** The body of a subscription, checked by the app's global ValidationPipe. */
export class SubscribeBody {
  @IsEmail() email!: string;
  @IsOptional() @IsString() name?: string;
}

/**
 * A route the app had before Facet, with nothing of Facet's: its errors keep Nest's body
 * (class-validator's `message` list), `useFacetHttp` adds only a `code`.
 */
@Controller('newsletter')
export class NewsletterController {
  @Post()
  @HttpCode(202)
  subscribe(@Body() body: SubscribeBody) {
    return { subscribed: body.email };
  }
}
