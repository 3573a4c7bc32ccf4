export { CampaignsPage } from './CampaignsPage';
export { CampaignEditorPage } from './CampaignEditorPage';
