import Tools
