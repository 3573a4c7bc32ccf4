import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits';
import { MemberAccessModule } from '../member-access';
import { PhotoScreeningModule } from '../photo-screening';
import { PhotoProcessingModule } from '../photos';
import { SettingsModule } from '../settings';
import { ChatEvents } from './chat-events';
import { ChatMediaController } from './chat-media.controller';
import { ChatsController } from './chats.controller';
import { ChatsPurge } from './chats.purge';
import { ChatsExport } from './chats.export';
import { ChatPhotos } from './chat-photos';
import { ConversationsService } from './conversations.service';
import { GiftsAdminController } from './gifts-admin.controller';
import { GiftsAdmin } from './gifts-admin.service';
import { GiftsService } from './gifts.service';
import { HeldMessagesService } from './held-messages.service';
import { MarkersService } from './markers.service';
import { MessageDelivery } from './message-delivery';
import { MessageWriter } from './message-writer';
import { MessagePresenter } from './message.presenter';
import { OperatorRepliesService } from './operator-replies.service';
import { PalNewestMessages } from './pal-newest-messages';
import { SendsService } from './sends.service';
import { AccountLinksModule } from '../account-links';

/**
 * Chat: conversations, paid text, photo and gift messages, catch-up and markers, the gift
 * catalogue and icebreakers, the chat pals' side of the operators' sends (staff-partners runs
 * the inbox), and the live events (through the realtime infrastructure).
 */
@Module({
  imports: [
    MemberAccessModule,
    CreditsModule,
    SettingsModule,
    PhotoScreeningModule,
    PhotoProcessingModule,
    AccountLinksModule,
  ],
  controllers: [ChatsController, ChatMediaController, GiftsAdminController],
  providers: [
    ConversationsService,
    MarkersService,
    SendsService,
    MessageWriter,
    MessageDelivery,
    ChatPhotos,
    HeldMessagesService,
    OperatorRepliesService,
    GiftsService,
    GiftsAdmin,
    MessagePresenter,
    PalNewestMessages,
    ChatEvents,
    ChatsPurge,
    ChatsExport,
  ],
  exports: [
    HeldMessagesService,
    OperatorRepliesService,
    PalNewestMessages,
    ChatPhotos,
    GiftsService,
  ],
})
export class ChatsModule {}
