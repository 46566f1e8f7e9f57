/** The operator's public website, the target of 'Back to website'. */
export const WEBSITE_URL = 'https://www.example.co.uk/';
